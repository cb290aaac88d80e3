import { e2eProject } from '../../scripts/package-projects.js';

export default e2eProject('core');
