/** Where a downloaded SAT package is kept in the service's blob store (src/platform/blobs/blob-store.ts). */

export interface PackageKey {
  requestId: string;
  position: number;
}

/** `packages/<request id>/<position>.zip`. */
export function packageBlobKey(key: PackageKey): string {
  if (!/^[a-z0-9_]+$/.test(key.requestId) || !Number.isInteger(key.position) || key.position < 0)
    throw new Error(`not a package key: ${key.requestId}/${key.position}`);
  return `packages/${key.requestId}/${key.position}.zip`;
}
