import { defineConfig } from 'astro/config';

export default defineConfig({ cacheDir: './.cache', telemetry: false });
