import { describe, expect, it } from "vitest";
import { csvFileName, csvResponse, csvStream, readKeysetBatches } from "./stream-csv";

type Row = { id: number; name: string | null };
const rows: Row[] = Array.from({ length: 7 }, (_, i) => ({
  id: i + 1,
  name: i === 0 ? "=1+1" : `n${i + 1}`,
}));

function source(batchSize: number, queries: (number | undefined)[] = []) {
  return readKeysetBatches<Row, number>({
    fetchBatch: async (after, limit) => {
      queries.push(after);
      return rows.filter((row) => row.id > (after ?? 0)).slice(0, limit);
    },
    cursorAfter: (row) => row.id,
    batchSize,
  });
}

const columns = { id: (row: Row) => String(row.id), name: (row: Row) => row.name ?? "" };

async function chunks(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const decoder = new TextDecoder();
  const out: string[] = [];
  for await (const chunk of stream) out.push(decoder.decode(chunk));
  return out;
}

describe("readKeysetBatches", () => {
  it("queries after the last row of each batch until a short batch", async () => {
    const queries: (number | undefined)[] = [];
    const sizes: number[] = [];
    for await (const batch of source(3, queries)) sizes.push(batch.length);
    expect(sizes).toEqual([3, 3, 1]);
    expect(queries).toEqual([undefined, 3, 6]);
  });

  it("stops when a row carries no cursor", async () => {
    const batches = readKeysetBatches<Row, number>({
      fetchBatch: async (_after, limit) => rows.slice(0, limit),
      cursorAfter: () => null,
      batchSize: 2,
    });
    const seen: Row[][] = [];
    for await (const batch of batches) seen.push(batch);
    expect(seen).toHaveLength(1);
  });

  it("reads one batch ahead of its reader, never more", async () => {
    const queries: (number | undefined)[] = [];
    const batches = source(2, queries);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    await batches.next();
    await settle();
    expect(queries).toEqual([undefined, 2]);
    await batches.next();
    await settle();
    expect(queries).toEqual([undefined, 2, 4]);
  });

  it("starts the next query even when fetchBatch answers a lazy thenable, as drizzle does", async () => {
    const started: (number | undefined)[] = [];
    const batches = readKeysetBatches<Row, number>({
      // Like a drizzle query builder: nothing runs until then() is called.
      fetchBatch: (after, limit) =>
        ({
          then: (resolve: (rows: Row[]) => void) => {
            started.push(after);
            resolve(rows.filter((row) => row.id > (after ?? 0)).slice(0, limit));
          },
        }) as unknown as Promise<Row[]>,
      cursorAfter: (row) => row.id,
      batchSize: 2,
    });
    await batches.next();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([undefined, 2]);
  });

  const failingAfterFirst = () => {
    let calls = 0;
    return readKeysetBatches<Row, number>({
      fetchBatch: async (_after, limit) => {
        if (calls++ > 0) throw new Error("the database went away");
        return rows.slice(0, limit);
      },
      cursorAfter: (row) => row.id,
      batchSize: 2,
    });
  };

  it("hands a failed read-ahead to the reader when it asks for that batch", async () => {
    const batches = failingAfterFirst();
    expect((await batches.next()).value).toHaveLength(2);
    await expect(batches.next()).rejects.toThrow("the database went away");
  });

  it("leaves no unhandled failure behind when the reader stops early", async () => {
    const unhandled: unknown[] = [];
    const remember = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", remember);
    try {
      const batches = failingAfterFirst();
      await batches.next();
      await batches.return(undefined);
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off("unhandledRejection", remember);
    }
    expect(unhandled).toEqual([]);
  });
});

describe("csvStream", () => {
  it("writes the header once, then one chunk per batch, in column order", async () => {
    const out = await chunks(csvStream(source(3), columns));
    expect(out).toEqual(["id,name\n1,=1+1\n2,n2\n3,n3\n", "4,n4\n5,n5\n6,n6\n", "7,n7\n"]);
  });

  it("writes just the header when there are no rows", async () => {
    const empty = readKeysetBatches<Row, number>({
      fetchBatch: async () => [],
      cursorAfter: () => 1,
      batchSize: 3,
    });
    expect(await chunks(csvStream(empty, columns))).toEqual(["id,name\n"]);
  });
});

describe("csvResponse", () => {
  it("sends a non-cached, non-sniffed attachment named by date", () => {
    const response = csvResponse(
      new ReadableStream(),
      csvFileName("things", new Date("2025-03-04T23:00:00Z")),
    );
    expect(Object.fromEntries(response.headers)).toEqual({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="things-20250304.csv"',
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    });
  });
});
