// Development code: lint rules in ../eslint.dev.config.mjs (why there).
export { default } from '../eslint.dev.config.mjs';
