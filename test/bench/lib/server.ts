import { type ChildProcess, fork } from 'node:child_process';
import type { FaultConfig, MockStats, RequestRecord } from '@content-read/mock-server';
import type { ArticleEdit, ServerCommand, ServerReply, ServerSpec } from './server-protocol.js';

const childScript = new URL('./server-child.ts', import.meta.url);

/** The mock server running in a child process (see server-child.ts), and its remote controls. */
export class ServerProcess {
  private seq = 0;
  private readonly waiting = new Map<number, (reply: ServerReply) => void>();

  private readonly child: ChildProcess;
  readonly baseUrl: string;
  readonly port: number;
  /** Where the dataset's images are served: the mock's origin, or its image cache's. */
  readonly imageOrigin: string;

  private constructor(child: ChildProcess, baseUrl: string, port: number, imageOrigin: string) {
    this.child = child;
    this.baseUrl = baseUrl;
    this.port = port;
    this.imageOrigin = imageOrigin;
    child.on('message', (m: ServerReply & { seq: number }) => {
      this.waiting.get(m.seq)?.(m);
      this.waiting.delete(m.seq);
    });
  }

  static async start(spec: ServerSpec): Promise<ServerProcess> {
    const child = fork(childScript, [JSON.stringify(spec)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: ['--max-old-space-size=8192'],
    });
    const ready = await new Promise<ServerReply>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`mock server child exited with ${code}`)));
    });
    if (ready.type !== 'ready') throw new Error(`mock server child: ${JSON.stringify(ready)}`);
    return new ServerProcess(child, ready.baseUrl, ready.port, ready.imageOrigin);
  }

  private send(command: ServerCommand): Promise<ServerReply> {
    const seq = ++this.seq;
    return new Promise((resolve) => {
      this.waiting.set(seq, resolve);
      this.child.send({ ...command, seq });
    });
  }

  async stats(): Promise<{ stats: MockStats; requests: RequestRecord[]; imageRequests: number }> {
    const reply = await this.send({ type: 'stats' });
    if (reply.type !== 'stats') throw new Error(JSON.stringify(reply));
    return reply;
  }

  async reset(): Promise<void> {
    await this.send({ type: 'reset' });
  }

  /** Edits `count` articles (title and body, different in each round); returns the edits. */
  async mutate(count: number, round: number): Promise<ArticleEdit[]> {
    const reply = await this.send({ type: 'mutate', count, round });
    if (reply.type !== 'mutated') throw new Error(JSON.stringify(reply));
    return reply.edits;
  }

  /** Applies an editor's changes (title and body of each article) as they are. */
  async update(edits: ArticleEdit[]): Promise<void> {
    await this.send({ type: 'update', edits });
  }

  /** Gives an article another slug (its canonical_url, title and body stay). */
  async rename(id: string, slug: string): Promise<void> {
    await this.send({ type: 'rename', id, slug });
  }

  async setFaults(faults: FaultConfig | undefined): Promise<void> {
    await this.send({ type: 'faults', faults });
  }

  /** Starts a bare node:http server in the same child, answering with the bytes of `path`. */
  async startBare(path: string, key: string): Promise<{ port: number; bytes: number }> {
    const reply = await this.send({ type: 'bare', path, key });
    if (reply.type !== 'bare') throw new Error(JSON.stringify(reply));
    return reply;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((done) => this.child.once('exit', done));
    this.child.kill();
    await exited;
  }
}
