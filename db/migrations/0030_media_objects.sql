ALTER TABLE "media" ALTER COLUMN "data_base64" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "project_documents" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "object_key" text;--> statement-breakpoint
ALTER TABLE "project_documents" ADD COLUMN "object_key" text;