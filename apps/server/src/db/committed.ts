/**
 * What a transaction changed, told after its commit: the one way this process's caches learn
 * of its own writes at once (docs/decisions/045-events.md). The events recorder names the
 * change scopes of the events it records in a transaction (`changesOnCommit`); once
 * `db.transaction` has committed, every listener of that database (`onCommit`: the
 * registry's, which tells the change feed) hears them. A transaction that rolls back tells
 * nothing. Other processes learn of the same change from the change feed's notification.
 */
import type { ChangeScope } from './change-feed.js';
import type { Db, Tx } from './client.js';

export type CommitListener = (scopes: ChangeScope[]) => void;

/** The scopes each open transaction named so far. */
const named = new WeakMap<Tx, Set<ChangeScope>>();
/** A savepoint's outermost transaction: what it names is told when that one commits. */
const outermost = new WeakMap<Tx, Tx>();
/** The listeners of each database handle whose `transaction` tells them. */
const listening = new WeakMap<Db, Set<CommitListener>>();

/** Once `tx` commits, this process's caches forget `scopes`. */
export function changesOnCommit(tx: Tx, scopes: Iterable<ChangeScope>): void {
  const outer = outermost.get(tx) ?? tx;
  let set = named.get(outer);
  if (!set) {
    set = new Set();
    named.set(outer, set);
  }
  for (const scope of scopes) set.add(scope);
}

/**
 * `listener` hears the scopes of every transaction of `db` that committed having named some.
 * The first listener makes `db.transaction` tell (one wrapper per database handle).
 * Returns the way to stop listening.
 */
export function onCommit(db: Db, listener: CommitListener): () => void {
  let listeners = listening.get(db);
  if (!listeners) {
    const own = new Set<CommitListener>();
    listeners = own;
    listening.set(db, own);
    const transaction = db.transaction.bind(db);
    db.transaction = (async (work, config) => {
      let opened: Tx | undefined;
      const result = await transaction((tx) => {
        opened = tx;
        nestedUnder(tx, tx);
        return work(tx);
      }, config);
      const scopes = opened && named.get(opened);
      if (scopes) {
        named.delete(opened as Tx);
        for (const tell of own) tell([...scopes]);
      }
      return result;
    }) as Db['transaction'];
  }
  listeners.add(listener);
  const own = listeners;
  return () => {
    own.delete(listener);
  };
}

/** Savepoints opened in `tx` (and in those) name their scopes for `outer`. */
function nestedUnder(tx: Tx, outer: Tx): void {
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = ((work: (nested: Tx) => Promise<unknown>) =>
    savepoint((nested) => {
      outermost.set(nested, outer);
      nestedUnder(nested, outer);
      return work(nested);
    })) as Tx['transaction'];
}
