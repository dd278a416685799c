/** Query keys and sizes shared by the workflow-import API hooks. */
import { MAX_PAGE_SIZE, PAGE_SIZE } from '@console/contracts/paging';

export const workflowImportKey = ['workflowImports'] as const;
/** Options a searcher shows for what is typed: a page; typing more narrows it. */
export const SEARCH_LIMIT = PAGE_SIZE;
/** Workflows are listed (and selected all) in pages of the largest size. */
export const WORKFLOWS_PAGE = MAX_PAGE_SIZE;
