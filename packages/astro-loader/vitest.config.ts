import { unitProjects } from '../../scripts/package-projects.js';

export default unitProjects('astro-loader');
