// Progress photos: staff post an image on a stage of the build, through the image pipeline (a WebP of at
// most 1600 px with AVIF and WebP variants); the customer is e-mailed and sees it in the portal's timeline.
import type { ProjectPhotoDto } from "@ch/contracts/projects";
import { ORDER_STAGE_LABELS, type OrderStage } from "@ch/contracts/stages";
import { type Executor, schema } from "@ch/db";
import { asc, eq } from "drizzle-orm";
import type { UploadedFile } from "../../http/route";
import type { Deps } from "../../lib/deps";
import { type Actor, recordAudit } from "../audit";
import { convertUpload, objectStoreOf } from "../media";
import { composeEmail, enqueue } from "../notifications";
import { settingsIn, siteUrlOf } from "../settings";
import { emitWebhookEvent } from "../webhooks";

const { projectPhotos, orders } = schema;
type OrderRow = typeof orders.$inferSelect;
type PhotoRow = typeof projectPhotos.$inferSelect;

const photoDto = (row: PhotoRow): ProjectPhotoDto => ({
  id: row.id,
  stage: row.stage as OrderStage,
  caption: row.caption,
  url: row.url,
  width: row.width,
  height: row.height,
  postedBy: row.postedBy,
  createdAt: row.createdAt.toISOString(),
});

export async function listPhotos(db: Executor, orderId: number): Promise<ProjectPhotoDto[]> {
  const rows = await db
    .select()
    .from(projectPhotos)
    .where(eq(projectPhotos.orderId, orderId))
    .orderBy(asc(projectPhotos.id));
  return rows.map(photoDto);
}

export async function addPhoto(
  deps: Deps,
  order: OrderRow,
  file: UploadedFile,
  photo: { stage: OrderStage; caption: string; actor: Actor },
): Promise<ProjectPhotoDto> {
  // the image is converted (and refused: 415, 413) before anything is written
  const stored = await convertUpload(deps.db, objectStoreOf(deps.env), file.contentType, file.bytes);
  const { company } = await settingsIn(deps.db, deps);
  const stage = ORDER_STAGE_LABELS[photo.stage];
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [row] = await tx
      .insert(projectPhotos)
      .values({
        orderId: order.id,
        stage: photo.stage,
        caption: photo.caption,
        url: stored.url,
        width: stored.width,
        height: stored.height,
        postedBy: photo.actor.username,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, photo.actor, "order.photo_add", "order", order.id, { photoId: row!.id, stage: photo.stage });
    await emitWebhookEvent(
      tx,
      "order.photo_added",
      {
        orderId: order.id,
        orderNumber: order.orderNumber,
        photoId: row!.id,
        stage: photo.stage,
        caption: photo.caption,
        url: stored.url,
      },
      now,
    );
    await enqueue(tx, deps.env, [
      {
        channel: "email",
        kind: "order-photo",
        recipient: order.email,
        subject: `A new photo of your home: ${stage}`,
        ...composeEmail(company, [
          `Hello ${order.firstName},`,
          `We posted a new photo of your home (order ${order.orderNumber}, ${stage}): ${photo.caption}`,
          {
            href: `${siteUrlOf(deps.env)}/portal/${order.orderNumber}`,
            label: "See it in your projects",
            text: "See it in your projects (sign in with this e-mail address):",
          },
        ]),
        entityType: "order",
        entityId: order.id,
      },
    ]);
    return photoDto(row!);
  });
}
