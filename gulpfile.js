// Copies what tsc does not emit (SVG icons, codex JSON) next to the compiled files in dist/.
const { src, dest } = require('gulp');

function copyAssets() {
	return src(['nodes/**/*.{svg,png,json}', 'credentials/**/*.{svg,png}', 'icons/**/*.{svg,png}'], { base: '.', encoding: false }).pipe(
		dest('dist'),
	);
}

exports['build:icons'] = copyAssets;
