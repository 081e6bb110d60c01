/**
 * Wire shapes of the order API: inferred from the one zod contract in lib/contracts/orders.ts (never
 * written by hand here, so the API, the storefront and the tests cannot disagree on a field).
 */
export type {
  
  OrderSummary,
  OrderItemWire,
  
  OrderDocumentWire,
  OrderBudgetSnapshot,
  OrderHistoryWire,
  
  
  OrderDetail,
  StaffOrderListItem,
  StaffOrderList,
} from '../contracts/orders';
