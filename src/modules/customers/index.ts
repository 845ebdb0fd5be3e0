/** Customers: saved receptors, checked as the SAT checks them at stamping, used by invoices through `customer_id`. */
export { registerCustomerRoutes } from './routes.ts';
export { customerEmails, customerForInvoice } from './manage-customers.ts';
