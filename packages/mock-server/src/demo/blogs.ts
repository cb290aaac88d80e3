/** The demo blogs: two workspaces, one private blog, each with its own authors and tags. */
export interface BlogSpec {
  id: string;
  workspace: string;
  slug: string;
  name: string;
  description: string;
  language: string;
  public: boolean;
  tags: string[];
  authors: string[];
  technical: boolean;
}

export const DEMO_BLOGS: BlogSpec[] = [
  {
    id: 'blog_01',
    workspace: 'ws_northwind',
    slug: 'northwind-engineering',
    name: 'Northwind Engineering',
    description: 'How the Northwind team builds, ships and runs software.',
    language: 'en',
    public: true,
    tags: ['performance', 'testing', 'architecture', 'tooling', 'reliability', 'security'],
    authors: ['Ada Okafor', 'Jonas Lindqvist', 'Priya Raman'],
    technical: true,
  },
  {
    id: 'blog_02',
    workspace: 'ws_northwind',
    slug: 'northwind-design',
    name: 'Northwind Design Notes',
    description: 'Typography, interfaces and the craft of clear screens.',
    language: 'en',
    public: true,
    tags: ['typography', 'accessibility', 'ux', 'colour', 'layout'],
    authors: ['Mei Tanaka', 'Lucas Moreau'],
    technical: false,
  },
  {
    id: 'blog_03',
    workspace: 'ws_northwind',
    slug: 'northwind-news',
    name: 'Studio News',
    description: 'Announcements from Northwind Studio.',
    language: 'en',
    public: true,
    tags: ['company', 'hiring', 'events', 'product'],
    authors: ['Sam Whitfield'],
    technical: false,
  },
  {
    id: 'blog_04',
    workspace: 'ws_northwind',
    slug: 'northwind-internal',
    name: 'Internal Handbook',
    description: 'For the team only.',
    language: 'en',
    public: false,
    tags: ['handbook', 'process'],
    authors: ['Sam Whitfield', 'Priya Raman'],
    technical: false,
  },
  {
    id: 'blog_05',
    workspace: 'ws_lumen',
    slug: 'lumen-journal',
    name: 'The Lumen Journal',
    description: 'Essays from a small optics lab.',
    language: 'en-GB',
    public: true,
    tags: ['optics', 'open-data', 'lab-life', 'instruments'],
    authors: ['Elena Petrova', 'Tomás García'],
    technical: true,
  },
  {
    id: 'blog_06',
    workspace: 'ws_lumen',
    slug: 'lumen-notes',
    name: 'Lumen Field Notes',
    description: 'Short dispatches from the field.',
    language: 'en-GB',
    public: true,
    tags: ['fieldwork', 'coast', 'measurements'],
    authors: ['Tomás García'],
    technical: false,
  },
];
