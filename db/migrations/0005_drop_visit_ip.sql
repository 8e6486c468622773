DROP INDEX "visits_ip_idx";--> statement-breakpoint
ALTER TABLE "visits" DROP COLUMN "ip_address";