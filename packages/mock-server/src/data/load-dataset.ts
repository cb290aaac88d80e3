import { readFile } from 'node:fs/promises';
import { DatasetError } from './dataset-errors.js';
import type { ValidDataset } from './schema.js';
import { validateDataset } from './validate-dataset.js';

/** Read and validate a dataset JSON file. Errors name the file and the path inside it. */
export async function loadDataset(filePath: string): Promise<ValidDataset> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (cause) {
    const reason = (cause as NodeJS.ErrnoException).code ?? String(cause);
    throw new DatasetError(filePath, [
      { path: '(file)', problem: `cannot read the file (${reason})` },
    ]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new DatasetError(filePath, [
      { path: '(root)', problem: `not valid JSON: ${(cause as Error).message}` },
    ]);
  }
  return validateDataset(json, filePath);
}
