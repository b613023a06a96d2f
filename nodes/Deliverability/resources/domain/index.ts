/** Resource not wired yet: its operations are being written (see resources/account for the pattern). */
import type { ResourceModule } from '../types';

export const domain: ResourceModule | undefined = undefined;
