/**
 * A course's learning content, managed by the office (issue 16, decision 035): its lessons (pre-videos,
 * and the renewal course's videos) and its documents. The demo seed creates its lessons through
 * `addLesson` too. Every office change is audited with the before and after of the fields it changed; a
 * lesson members have watched is hidden, not deleted, so their watch records stay.
 */
import {
  COURSE_CONTENT_LIMITS,
  K,
  message,
  type LessonKind,
  type OfficeDocument,
  type OfficeLesson,
} from '@mels/domain';
import type { Executor } from '../../db/client.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import type { Deps } from '../../plugins/deps.ts';
import { changedFields } from './catalogue.presenter.ts';
import { videoSeconds, type VideoType } from './content.media.ts';
import {
  archiveLesson,
  courseDocumentIds,
  courseExists,
  deleteDocument,
  deleteUnwatchedLesson,
  findCourseDocument,
  findLesson,
  insertDocument,
  insertLesson,
  listCourseDocuments,
  listLessons,
  lockCourse,
  nextDocumentOrder,
  nextLessonOrder,
  renameDocument,
  setDocumentOrder,
  setLessonOrder,
  updateLessonRow,
  type DocumentRecord,
  type LessonRecord,
} from './content.repository.ts';
import { removeStored, type StoredUpload } from './content.upload.ts';
import { recordAudit } from '../audit/index.ts';

const e = K.office.courseContent.errors;

/** The video of a lesson: an external (or same-origin) link, or a file stored by the upload. */
export type LessonVideo = { link: string } | { upload: StoredUpload };
/** The thumbnail: a link, or an image stored by the upload (a JPEG). */
export type LessonThumbnail = { link: string } | { upload: StoredUpload };

export type LessonInput = {
  kind: LessonKind;
  title: string;
  tutor: string;
  /** Seconds; read from an uploaded file when not given. */
  duration?: number | undefined;
  video: LessonVideo;
  thumbnail?: LessonThumbnail | undefined;
};

export type LessonChange = {
  title?: string | undefined;
  tutor?: string | undefined;
  duration?: number | undefined;
  video?: LessonVideo | undefined;
  thumbnail?: LessonThumbnail | undefined;
};

const videoUrl = (id: number) => `/api/v1/lessons/${id}/video`;
const thumbnailUrl = (id: number) => `/api/v1/lessons/${id}/thumbnail`;

export function presentOfficeLesson(l: LessonRecord): OfficeLesson {
  return {
    id: l.id,
    course_id: l.courseId,
    kind: l.kind as LessonKind,
    title: l.title,
    tutor: l.tutor,
    duration: l.duration,
    order: l.sortOrder,
    link: l.link,
    source: l.videoKey ? 'upload' : 'link',
    video_type: l.videoType,
    video_size: l.videoSize,
    thumbnail: l.thumbnail,
    views: l.views,
    archived: l.archivedAt !== null,
  };
}

export function presentOfficeDocument(d: DocumentRecord): OfficeDocument {
  return {
    id: d.id,
    name: d.name,
    mime_type: d.mimeType,
    size: d.size,
    order: d.sortOrder,
    link: `/api/v1/documents/${d.id}/download`,
    created_at: new Date(d.createdAt).toISOString(),
  };
}

/** What the audit keeps of a lesson (its stored keys are the server's, not the office's words). */
const auditedLesson = (l: OfficeLesson) => ({
  kind: l.kind,
  title: l.title,
  tutor: l.tutor,
  duration: l.duration,
  order: l.order,
  link: l.link,
  source: l.source,
  video_type: l.video_type,
  video_size: l.video_size,
  thumbnail: l.thumbnail,
  archived: l.archived,
});

async function audit(
  db: Executor,
  entry: {
    actorId: number | null;
    action: string;
    entity: string;
    entityId: number;
    data: object;
    now: Date;
  },
) {
  // The demo seed (no actor) is not an office action.
  if (entry.actorId === null) return;
  await recordAudit(db, { ...entry, actorId: entry.actorId });
}

async function durationOf(storage: Storage, video: LessonVideo, given: number | undefined): Promise<number> {
  if (given !== undefined) return given;
  if ('upload' in video) {
    const seconds = await videoSeconds({
      storage,
      key: video.upload.key,
      type: video.upload.type as VideoType,
      size: video.upload.size,
    });
    if (seconds !== null && seconds <= COURSE_CONTENT_LIMITS.durationMax) return seconds;
  }
  throw fieldError('duration', e.durationNeeded);
}

function videoColumns(video: LessonVideo) {
  return 'upload' in video
    ? { videoKey: video.upload.key, videoType: video.upload.type, videoSize: video.upload.size }
    : { link: video.link, videoKey: null, videoType: null, videoSize: null };
}

function thumbnailColumns(thumbnail: LessonThumbnail) {
  return 'upload' in thumbnail
    ? { thumbnailKey: thumbnail.upload.key, thumbnailType: thumbnail.upload.type }
    : { thumbnail: thumbnail.link, thumbnailKey: null, thumbnailType: null };
}

/**
 * Adds a lesson at the end of its kind's list. The link of an uploaded video (and thumbnail) is the
 * API's stream of it, stored in `link` so that every reader (pre-videos, renewal) plays it as it is.
 */
export async function addLesson(
  db: Executor,
  options: {
    actorId: number | null;
    courseId: number;
    input: LessonInput;
    /** Where an uploaded video is, to read its duration when none is given (the demo seed gives it). */
    storage?: Storage;
    now: Date;
  },
): Promise<OfficeLesson> {
  const { courseId, input, now } = options;
  if (!(await lockCourse(db, courseId))) throw notFound();
  const duration =
    input.duration ??
    (options.storage ? await durationOf(options.storage, input.video, undefined) : undefined);
  if (duration === undefined) throw fieldError('duration', e.durationNeeded);
  const id = await insertLesson(db, {
    courseId,
    kind: input.kind,
    title: input.title,
    tutor: input.tutor,
    duration,
    link: '',
    sortOrder: await nextLessonOrder(db, courseId, input.kind),
    ...videoColumns(input.video),
    ...(input.thumbnail ? thumbnailColumns(input.thumbnail) : {}),
  });
  await updateLessonRow(db, id, {
    ...('upload' in input.video ? { link: videoUrl(id) } : {}),
    ...(input.thumbnail && 'upload' in input.thumbnail ? { thumbnail: thumbnailUrl(id) } : {}),
  });
  const created = await findLesson(db, { courseId, lessonId: id });
  if (!created) throw notFound();
  const presented = presentOfficeLesson(created);
  await audit(db, {
    actorId: options.actorId,
    action: 'lesson.create',
    entity: 'lesson',
    entityId: id,
    data: { course_id: courseId, after: auditedLesson(presented) },
    now,
  });
  return presented;
}

/** Runs a write whose uploads are already stored: if it fails, the new files are removed again. */
async function withUploads<T>(
  storage: Storage,
  uploads: Array<StoredUpload | undefined>,
  work: () => Promise<T>,
) {
  try {
    return await work();
  } catch (error) {
    await removeStored(
      storage,
      uploads.map((u) => u?.key),
    );
    throw error;
  }
}

const uploadOf = (x: LessonVideo | LessonThumbnail | undefined) =>
  x && 'upload' in x ? x.upload : undefined;

export async function officeLessonList(deps: Deps, options: { courseId: number; kind: LessonKind }) {
  if (!(await courseExists(deps.db, options.courseId))) throw notFound();
  const rows = await listLessons(deps.db, options.courseId, options.kind);
  return {
    kind: options.kind,
    video_max_bytes: deps.config.lessonVideoMaxBytes,
    lessons: rows.map(presentOfficeLesson),
  };
}

export async function createLesson(
  deps: Deps,
  options: { actorId: number; courseId: number; input: LessonInput; now: Date },
) {
  return withUploads(
    deps.storage,
    [uploadOf(options.input.video), uploadOf(options.input.thumbnail)],
    async () => {
      // Read from storage before the transaction (an embedded database has one connection).
      const duration = await durationOf(deps.storage, options.input.video, options.input.duration);
      return deps.db.transaction((tx) =>
        addLesson(tx, { ...options, input: { ...options.input, duration }, storage: deps.storage }),
      );
    },
  );
}

export async function updateLesson(
  deps: Deps,
  options: { actorId: number; courseId: number; lessonId: number; change: LessonChange; now: Date },
) {
  const { courseId, lessonId, change, now } = options;
  const uploads = [uploadOf(change.video), uploadOf(change.thumbnail)];
  const { after, replaced } = await withUploads(deps.storage, uploads, async () => {
    const duration = change.video
      ? await durationOf(deps.storage, change.video, change.duration)
      : change.duration;
    return deps.db.transaction(async (tx) => {
      const current = await findLesson(tx, { courseId, lessonId, lock: true });
      if (!current) throw notFound();
      const replaced: Array<string | null> = [];
      if (change.video) replaced.push(current.videoKey);
      if (change.thumbnail) replaced.push(current.thumbnailKey);
      await updateLessonRow(tx, lessonId, {
        ...(change.title !== undefined && { title: change.title }),
        ...(change.tutor !== undefined && { tutor: change.tutor }),
        ...(duration !== undefined && { duration }),
        ...(change.video && videoColumns(change.video)),
        ...(change.video && 'upload' in change.video && { link: videoUrl(lessonId) }),
        ...(change.thumbnail && thumbnailColumns(change.thumbnail)),
        ...(change.thumbnail && 'upload' in change.thumbnail && { thumbnail: thumbnailUrl(lessonId) }),
      });
      const updated = await findLesson(tx, { courseId, lessonId });
      if (!updated) throw notFound();
      const after = presentOfficeLesson(updated);
      const diff = changedFields(auditedLesson(presentOfficeLesson(current)), auditedLesson(after));
      const fileReplaced = replaced.some(Boolean);
      if (Object.keys(diff.after).length || fileReplaced)
        await audit(tx, {
          actorId: options.actorId,
          action: 'lesson.update',
          entity: 'lesson',
          entityId: lessonId,
          data: { course_id: courseId, ...diff, ...(fileReplaced && { file_replaced: true }) },
          now,
        });
      return { after, replaced };
    });
  });
  // The old files go once the new ones are committed (a reader of the old link gets a 404 from then on).
  await removeStored(deps.storage, replaced);
  return after;
}

/** Deletes a lesson nobody watched (and its files); hides one with watch records (decision 035). */
export async function removeLesson(
  deps: Deps,
  options: { actorId: number; courseId: number; lessonId: number; now: Date },
) {
  const { courseId, lessonId, now } = options;
  const outcome = await deps.db.transaction(async (tx) => {
    const current = await findLesson(tx, { courseId, lessonId, lock: true });
    if (!current) throw notFound();
    const deleted = await deleteUnwatchedLesson(tx, lessonId);
    if (!deleted) await archiveLesson(tx, lessonId, now);
    await audit(tx, {
      actorId: options.actorId,
      action: deleted ? 'lesson.delete' : 'lesson.archive',
      entity: 'lesson',
      entityId: lessonId,
      data: {
        course_id: courseId,
        before: auditedLesson(presentOfficeLesson(current)),
        ...(deleted ? {} : { after: { archived: true }, views: current.views }),
      },
      now,
    });
    return { deleted, keys: [current.videoKey, current.thumbnailKey] };
  });
  if (outcome.deleted) await removeStored(deps.storage, outcome.keys);
  return { id: lessonId, result: outcome.deleted ? ('deleted' as const) : ('archived' as const) };
}

const orderMismatch = () => badRequest(K.errors.validation, { ids: [e.orderMismatch] });

export async function reorderLessons(
  deps: Deps,
  options: { actorId: number; courseId: number; kind: LessonKind; ids: readonly number[]; now: Date },
) {
  const { courseId, kind, ids, now } = options;
  await deps.db.transaction(async (tx) => {
    if (!(await lockCourse(tx, courseId))) throw notFound();
    const shown = (await listLessons(tx, courseId, kind)).filter((l) => l.archivedAt === null);
    const want = new Set(shown.map((l) => l.id));
    if (ids.length !== want.size || new Set(ids).size !== ids.length || ids.some((id) => !want.has(id)))
      throw orderMismatch();
    const before = shown.map((l) => l.id);
    if (before.join() === ids.join()) return;
    await setLessonOrder(tx, ids);
    await audit(tx, {
      actorId: options.actorId,
      action: 'lesson.reorder',
      entity: 'course',
      entityId: courseId,
      data: { kind, before: { order: before }, after: { order: [...ids] } },
      now,
    });
  });
  return officeLessonList(deps, { courseId, kind });
}

// ───────────────────────────── documents ─────────────────────────────

const auditedDocument = (d: OfficeDocument) => ({
  name: d.name,
  mime_type: d.mime_type,
  size: d.size,
  order: d.order,
});

export async function officeDocumentList(db: Executor, courseId: number) {
  if (!(await courseExists(db, courseId))) throw notFound();
  return { documents: (await listCourseDocuments(db, courseId)).map(presentOfficeDocument) };
}

/** Adds a stored document to the course (public on its page while the course is shown; decision 020). */
export async function addCourseDocument(
  deps: Deps,
  options: { actorId: number; courseId: number; name: string; upload: StoredUpload; now: Date },
) {
  const { courseId, upload, now } = options;
  return withUploads(deps.storage, [upload], () =>
    deps.db.transaction(async (tx) => {
      if (!(await lockCourse(tx, courseId))) throw notFound();
      const id = await insertDocument(tx, {
        courseId,
        name: options.name,
        storageKey: upload.key,
        mimeType: upload.type,
        size: upload.size,
        sortOrder: await nextDocumentOrder(tx, courseId),
        createdAt: now,
      });
      const doc = await findCourseDocument(tx, { courseId, documentId: id });
      if (!doc) throw notFound();
      const presented = presentOfficeDocument(doc);
      await audit(tx, {
        actorId: options.actorId,
        action: 'document.create',
        entity: 'document',
        entityId: id,
        data: { course_id: courseId, after: auditedDocument(presented) },
        now,
      });
      return presented;
    }),
  );
}

export async function renameCourseDocument(
  deps: Deps,
  options: { actorId: number; courseId: number; documentId: number; name: string; now: Date },
) {
  const { courseId, documentId, now } = options;
  return deps.db.transaction(async (tx) => {
    const current = await findCourseDocument(tx, { courseId, documentId, lock: true });
    if (!current) throw notFound();
    await renameDocument(tx, documentId, options.name);
    if (current.name !== options.name)
      await audit(tx, {
        actorId: options.actorId,
        action: 'document.update',
        entity: 'document',
        entityId: documentId,
        data: { course_id: courseId, before: { name: current.name }, after: { name: options.name } },
        now,
      });
    return presentOfficeDocument({ ...current, name: options.name });
  });
}

export async function removeCourseDocument(
  deps: Deps,
  options: { actorId: number; courseId: number; documentId: number; now: Date },
) {
  const { courseId, documentId, now } = options;
  const key = await deps.db.transaction(async (tx) => {
    const current = await findCourseDocument(tx, { courseId, documentId, lock: true });
    if (!current) throw notFound();
    await deleteDocument(tx, documentId);
    await audit(tx, {
      actorId: options.actorId,
      action: 'document.delete',
      entity: 'document',
      entityId: documentId,
      data: { course_id: courseId, before: auditedDocument(presentOfficeDocument(current)) },
      now,
    });
    return current.storageKey;
  });
  await removeStored(deps.storage, [key]);
  return { id: documentId, deleted: true as const };
}

export async function reorderCourseDocuments(
  deps: Deps,
  options: { actorId: number; courseId: number; ids: readonly number[]; now: Date },
) {
  const { courseId, ids, now } = options;
  await deps.db.transaction(async (tx) => {
    if (!(await lockCourse(tx, courseId))) throw notFound();
    const all = await listCourseDocuments(tx, courseId);
    const known = await courseDocumentIds(tx, courseId, ids);
    if (ids.length !== all.length || known.size !== ids.length || new Set(ids).size !== ids.length)
      throw orderMismatch();
    const before = all.map((d) => d.id);
    if (before.join() === ids.join()) return;
    await setDocumentOrder(tx, ids);
    await audit(tx, {
      actorId: options.actorId,
      action: 'document.reorder',
      entity: 'course',
      entityId: courseId,
      data: { before: { order: before }, after: { order: [...ids] } },
      now,
    });
  });
  return officeDocumentList(deps.db, courseId);
}

/** The size messages of the uploads (the video's limit is the configuration's). */
export const sizeMessages = {
  video: (maxBytes: number) => message(e.videoTooLarge, Math.floor(maxBytes / 1048576)),
  thumbnail: () => message(e.imageTooLarge, COURSE_CONTENT_LIMITS.thumbnailMaxMb),
  document: () => message(e.documentTooLarge, COURSE_CONTENT_LIMITS.documentMaxMb),
};
