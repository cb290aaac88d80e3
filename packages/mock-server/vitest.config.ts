import { unitProject } from '../../scripts/package-projects.js';

export default unitProject('mock-server');
