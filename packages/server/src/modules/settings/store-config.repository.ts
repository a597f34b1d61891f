import {
  configDocument,
  type TConfigName,
  type TConfigSource,
  type TConfigValue,
  type TWorkflowDocumentKind,
  type TWorkflowDocumentValue,
  workflowDocumentName,
} from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { forTenant, type TenantDb } from '../../db/tenant-db';
import { companyProperties, storeProperties, stores } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { ReloadingCache } from '../../lib/reloading-cache';

/** A resolved document: its valid value and where it came from. */
export interface ResolvedConfig {
  value: unknown;
  source: TConfigSource;
}

interface CacheEntry extends ResolvedConfig {
  storeGeneration: number;
  companyGeneration: number;
}

/** What a load of one document reads. */
interface DocumentRef {
  tenantId: string;
  name: string;
  companyOnly: boolean;
}

/**
 * Resolved documents, kept for a short while per process: the case screens read forms and
 * status options on every call. A write through this module bumps the store's generation (or,
 * for a company's document, the one company generation: such writes are rare), which voids
 * every entry read before it, also one whose query was still running during the write. Other
 * processes see a write within `freshMs` (one request may still get the earlier document, within
 * `maxStaleMs`).
 */
class ConfigCache {
  private readonly entries: ReloadingCache<string, CacheEntry, DocumentRef>;
  private readonly storeGenerations = new Map<string, number>();
  companyGeneration = 0;

  constructor(db: Db) {
    this.entries = new ReloadingCache({
      max: 20_000,
      freshMs: 3_000,
      maxStaleMs: 30_000,
      load: (_key, ref) => this.load(db, ref),
    });
  }

  storeGeneration = (tenantId: string) => this.storeGenerations.get(tenantId) ?? 0;

  /** The document, resolved; null when there is no such store. */
  async resolve(ref: DocumentRef): Promise<ResolvedConfig | null> {
    const key = `${ref.companyOnly ? 'c' : 's'}\0${ref.tenantId}\0${ref.name}`;
    let entry = await this.entries.get(key, ref);
    if (entry && !this.isCurrent(entry, ref.tenantId)) {
      this.entries.delete(key);
      entry = await this.entries.get(key, ref);
    }
    return entry ? { value: entry.value, source: entry.source } : null;
  }

  bumpStore(tenantId: string): void {
    this.storeGenerations.set(tenantId, this.storeGeneration(tenantId) + 1);
  }

  private isCurrent(entry: CacheEntry, tenantId: string): boolean {
    return (
      entry.storeGeneration === this.storeGeneration(tenantId) &&
      entry.companyGeneration === this.companyGeneration
    );
  }

  /**
   * Reads the store's own document and its company's: the store's when it fits the document's
   * schema, else the company's, else the built-in default. A stored document that no longer fits
   * its schema is passed over.
   */
  private async load(db: Db, { tenantId, name, companyOnly }: DocumentRef): Promise<CacheEntry | undefined> {
    const storeGeneration = this.storeGeneration(tenantId);
    const { companyGeneration } = this;
    // The store's row and its own document, bound to the store; the company's document by the
    // store's company.
    const [row] = await forTenant(db, tenantId)
      .select({
        storeValue: storeProperties.value,
        companyValue: companyProperties.value,
      })
      .from(stores)
      .leftJoin(storeProperties, eq(storeProperties.name, name))
      .leftJoin(
        companyProperties,
        and(eq(companyProperties.companyId, stores.companyId), eq(companyProperties.name, name)),
      );
    if (!row) return undefined;
    const own = companyOnly ? null : validValue(name, row.storeValue);
    const company = own === null ? validValue(name, row.companyValue) : null;
    const resolved: ResolvedConfig =
      own !== null
        ? { value: own, source: 'store' }
        : company !== null
          ? { value: company, source: 'company' }
          : { value: configDocument(name)?.defaultValue, source: 'default' };
    return { ...resolved, storeGeneration, companyGeneration };
  }
}

const caches = new WeakMap<Db, ConfigCache>();
const cacheOf = (handle: Db | TenantDb): ConfigCache => {
  const db = 'tenantId' in handle ? handle.handle : handle;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ConfigCache(db)));
  return cache;
};

/** Voids what this process has cached after a write to a store's (or a company's) documents. */
export function forgetStoreConfig(
  db: Db | TenantDb,
  owner: { tenantId: string } | { companyId: number },
): void {
  const cache = cacheOf(db);
  if ('tenantId' in owner) cache.bumpStore(owner.tenantId);
  else cache.companyGeneration += 1;
}

/** Voids the whole cache of this database (tests that write rows straight into the tables). */
export function forgetAllStoreConfig(db: Db): void {
  caches.delete(db);
}

/** The stored value when it fits the document's schema (parsed, so in schema key order), else null. */
function validValue(name: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const parsed = configDocument(name)?.schema.safeParse(value);
  return parsed?.success ? parsed.data : null;
}

/**
 * Resolves a document for a store: the store's own, else its company's, else the built-in
 * default. `companyOnly` skips the store's level (the shared path's json-config).
 */
export async function resolveConfig(
  db: TenantDb,
  name: string,
  companyOnly = false,
): Promise<ResolvedConfig> {
  if (!configDocument(name)) throw notFound(`Configuration ${name}`);
  const resolved = await cacheOf(db).resolve({ tenantId: db.tenantId, name, companyOnly });
  if (!resolved) throw notFound('Store');
  return resolved;
}

/**
 * A store's document by any name (`menu`, `form.claim`, `status-options.anything`): the store's,
 * else its company's, else the built-in default; always a value that fits the document's schema.
 * An unknown name is a 404.
 */
export async function resolveStoreConfig<N extends TConfigName>(
  db: TenantDb,
  name: N,
): Promise<TConfigValue[N]>;
export async function resolveStoreConfig(db: TenantDb, name: string): Promise<unknown>;
export async function resolveStoreConfig(db: TenantDb, name: string): Promise<unknown> {
  return (await resolveConfig(db, name)).value;
}

/** A workflow's document for a store (`form` of `claim`), resolved like resolveStoreConfig. */
export async function resolveWorkflowConfig<K extends TWorkflowDocumentKind>(
  db: TenantDb,
  kind: K,
  workFlow: string,
): Promise<TWorkflowDocumentValue[K]> {
  return (await resolveConfig(db, workflowDocumentName(kind, workFlow))).value as TWorkflowDocumentValue[K];
}

/** The company's document of the store, else the built-in default (the shared path). */
export async function resolveCompanyConfig(db: TenantDb, name: string): Promise<unknown> {
  return (await resolveConfig(db, name, true)).value;
}
