/** The data of the staff back-office screens (worker/ssr/pages/admin.tsx reads them). */
import type { StaffCaseState, StaffReturnEvent } from '../../worker/admin/events';
import type { AdminCase, AdminCaseRow, AdminOrder, AdminOrderRow, AdminReturn, AdminReturnRow, AdminSummary } from '../../worker/admin/queries';
import type { RouteId } from '../routes';

export interface AdminFrameData {
  route: RouteId;
  staffName: string;
}

interface Paged {
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminHomeData {
  frame: AdminFrameData;
  summary: AdminSummary;
}

export interface AdminOrdersData {
  frame: AdminFrameData;
  filters: { number: string; email: string; state: string; channel: string };
  result: Paged & { orders: AdminOrderRow[] };
}

export interface AdminOrderData {
  frame: AdminFrameData;
  order: AdminOrder;
}

export interface AdminReturnsData {
  frame: AdminFrameData;
  /** The state asked for; empty: every return still to handle. */
  state: string;
  result: Paged & { returns: AdminReturnRow[] };
}

export interface AdminReturnData {
  frame: AdminFrameData;
  ret: AdminReturn;
  allowedEvents: StaffReturnEvent[];
}

export interface AdminCasesData {
  frame: AdminFrameData;
  /** The state asked for; empty: every open case. */
  state: string;
  result: Paged & { cases: AdminCaseRow[] };
}

export interface AdminCaseData {
  frame: AdminFrameData;
  found: AdminCase;
  states: StaffCaseState[];
}
