import type { Answer, Item } from '../../api/types.ts';

export type Download = Answer<'getDownload'>;
export type DownloadStatusName = Download['status'];
export const DOWNLOAD_STATUSES = ['requested', 'processing', 'ready', 'no_data', 'failed'] as const satisfies readonly DownloadStatusName[];

export type DownloadPackage = Item<'listDownloadPackages'>;

export const VOUCHER_TYPES = ['I', 'E', 'T', 'N', 'P'] as const;
