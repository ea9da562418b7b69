/**
 * Answers kept as the bytes sent, with their compressed forms, in a least-recently-used map with a
 * byte budget (docs/server.md "Kept answers"); http/kept-answer-reply.ts sends them. Whether a kept answer may still be sent is the
 * owner's decision: each entry carries a stamp the owner wrote when it read the answer and checks
 * on every lookup. A hit then costs a lookup and a write, not a query and a serialisation.
 */

export interface KeptAnswer {
  json: string;
  /** The answer compressed, by encoding, made when first asked for. */
  encoded: Map<string, Buffer>;
  bytes: number;
}

export interface KeptAnswersStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

interface Entry<Stamp> {
  stamp: Stamp;
  answer: KeptAnswer;
}

export const keptAnswer = (json: string): KeptAnswer => ({ json, encoded: new Map(), bytes: json.length });

export class KeptAnswers<Stamp> {
  private readonly entries = new Map<string, Entry<Stamp>>();
  /** The answers held in `entries`: a compressed form adds to the budget only for those. */
  private readonly held = new WeakSet<KeptAnswer>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;

  constructor(private readonly budgetBytes: number) {}

  /** The answer kept under `key` if `current` accepts its stamp; a rejected entry is dropped. */
  find(key: string, current: (stamp: Stamp) => boolean): KeptAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry || !current(entry.stamp)) {
      if (entry) this.drop(key, entry);
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  keep(key: string, stamp: Stamp, answer: KeptAnswer): void {
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    this.entries.set(key, { stamp, answer });
    this.held.add(answer);
    this.bytes += answer.bytes;
    this.evict();
  }

  /** Keeps the compressed form of an answer once made; it counts against the budget while the answer is held. */
  addEncoded(answer: KeptAnswer, encoding: string, body: Buffer): void {
    if (answer.encoded.has(encoding)) return;
    answer.encoded.set(encoding, body);
    answer.bytes += body.length;
    if (this.held.has(answer)) {
      this.bytes += body.length;
      this.evict();
    }
  }

  clear(): void {
    for (const entry of this.entries.values()) this.held.delete(entry.answer);
    this.entries.clear();
    this.bytes = 0;
  }

  /** Entries, their size, and lookups since the process started, for the metrics. */
  get stats(): KeptAnswersStats {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses };
  }

  private drop(key: string, entry: Entry<Stamp>): void {
    this.entries.delete(key);
    this.held.delete(entry.answer);
    this.bytes -= entry.answer.bytes;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.drop(key, entry);
    }
  }
}
