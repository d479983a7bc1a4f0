/** Errors that name the file and what is wrong with it, so a failed test never becomes a number. */
export class RawFileError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = 'RawFileError';
  }
}

/** A run directory, manifest or CLI argument the ingest cannot use. */
export class IngestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IngestError';
  }
}
