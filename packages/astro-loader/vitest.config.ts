import { unitProject } from '../../scripts/package-projects.js';

export default unitProject('astro-loader');
