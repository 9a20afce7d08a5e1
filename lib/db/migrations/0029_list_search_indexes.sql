CREATE INDEX "invoice_transactions_txid_idx" ON "invoice_transactions" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "invoices_customer_email_idx" ON "invoices" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX "invoices_wallet_idx" ON "invoices" USING btree ("wallet");--> statement-breakpoint
CREATE INDEX "withdrawals_service_txid_idx" ON "withdrawals" USING btree ("service_txid");