import base from './vite.config';
import { analyze } from '/tmp/analyze-plugin.mjs';
export default { ...base, plugins: [...(base.plugins as any[]), analyze()], build: { ...base.build, outDir: '/tmp/web-analyze-dist', emptyOutDir: true } };
