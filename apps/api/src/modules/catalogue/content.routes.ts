import {
  COURSE_CONTENT_LIMITS,
  contracts,
  K,
  lessonCreateFieldsSchema,
  lessonPatchFieldsSchema,
  LIMITS,
} from '@mels/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError, badRequest, notFound, type FieldErrors } from '../../lib/errors.ts';
import { sendStoredFile } from '../../lib/send-stored-file.ts';
import { currentUser } from '../../plugins/auth.ts';
import { contractRoute } from '../contract-route.ts';
import { sniffDocument, sniffVideo } from './content.media.ts';
import { findLessonMedia } from './content.repository.ts';
import {
  addCourseDocument,
  createLesson,
  officeDocumentList,
  officeLessonList,
  removeCourseDocument,
  removeLesson,
  renameCourseDocument,
  reorderCourseDocuments,
  reorderLessons,
  sizeMessages,
  updateLesson,
  type LessonThumbnail,
  type LessonVideo,
} from './content.service.ts';
import { readUpload, removeStored, type FileSpec, type StoredUpload, type Upload } from './content.upload.ts';

const e = K.office.courseContent.errors;
const MB = LIMITS.bytesPerMb;

/** Validates the text parts of a multipart upload; on a refusal the stored files are removed. */
async function parseFields<T extends z.ZodType>(
  upload: Upload,
  schema: T,
  remove: (keys: string[]) => Promise<void>,
): Promise<z.output<T>> {
  const result = schema.safeParse(upload.fields);
  if (result.success) return result.data;
  await remove(Object.values(upload.files).map((f) => f.key));
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'body';
    (errors[field] ??= []).push(issue.message);
  }
  throw new ApiError(400, 'VALIDATION_ERROR', K.errors.validation, errors);
}

/**
 * A course's lessons and documents, managed by the office (issue 16, decision 035), and the uploaded
 * lesson videos and thumbnails, served with Range requests.
 */
export function registerCourseContent(app: FastifyInstance) {
  const { deps } = app;
  const now = () => deps.clock.now();
  const l = contracts.officeLessons;
  const d = contracts.officeCourseDocuments;
  const m = contracts.lessonMedia;
  const remove = (keys: string[]) => removeStored(deps.storage, keys);
  /** Who writes to which course, and when: what every write here is audited with. */
  const write = (request: FastifyRequest & { params: { id: number } }) => ({
    actorId: currentUser(request).id,
    courseId: request.params.id,
    now: now(),
  });

  const lessonSpecs = (): Record<string, FileSpec> => ({
    video: {
      maxBytes: deps.config.lessonVideoMaxBytes,
      sniff: (head) => sniffVideo(head),
      folder: 'lessons',
      extension: (type) => (type === 'video/mp4' ? 'mp4' : 'webm'),
      typeError: e.videoType,
      sizeError: sizeMessages.video(deps.config.lessonVideoMaxBytes),
    },
    thumbnail: {
      maxBytes: COURSE_CONTENT_LIMITS.thumbnailMaxMb * MB,
      sniff: () => 'image/jpeg',
      folder: 'lessons/thumbnails',
      extension: () => 'jpg',
      typeError: e.imageType,
      sizeError: sizeMessages.thumbnail(),
      image: true,
    },
  });

  /** The video of the parts: a file or a link, not both (a create needs one). */
  function videoOf(
    files: Record<string, StoredUpload>,
    link: string | undefined,
    required: boolean,
  ): LessonVideo | undefined {
    const file = files.video;
    if (file && link)
      throw badRequest(K.errors.validation, { video: [e.videoAndLink], link: [e.videoAndLink] });
    if (file) return { upload: file };
    if (link) return { link };
    if (required) throw badRequest(K.errors.validation, { video: [e.videoOrLink] });
    return undefined;
  }
  const thumbnailOf = (files: Record<string, StoredUpload>): LessonThumbnail | undefined =>
    files.thumbnail ? { upload: files.thumbnail } : undefined;

  /** Reads and checks an upload; any refusal after the files were stored removes them. */
  async function lessonUpload<T extends z.ZodType>(request: FastifyRequest, schema: T, required: boolean) {
    const upload = await readUpload({ request, storage: deps.storage, specs: lessonSpecs() });
    const fields = await parseFields(upload, schema, remove);
    try {
      const video = videoOf(upload.files, (fields as { link?: string }).link || undefined, required);
      return { fields, video, thumbnail: thumbnailOf(upload.files) };
    } catch (error) {
      await remove(Object.values(upload.files).map((f) => f.key));
      throw error;
    }
  }

  contractRoute(app, l.list, async (request) => ({
    data: await officeLessonList(deps, { courseId: request.params.id, kind: request.query.kind }),
  }));

  contractRoute(app, l.create, async (request) => {
    const { fields, video, thumbnail } = await lessonUpload(request, lessonCreateFieldsSchema, true);
    return {
      data: await createLesson(deps, {
        ...write(request),
        input: { ...fields, video: video!, thumbnail },
      }),
    };
  });

  contractRoute(app, l.update, async (request) => {
    const { fields, video, thumbnail } = await lessonUpload(request, lessonPatchFieldsSchema, false);
    return {
      data: await updateLesson(deps, {
        ...write(request),
        lessonId: request.params.lessonId,
        change: { title: fields.title, tutor: fields.tutor, duration: fields.duration, video, thumbnail },
      }),
    };
  });

  contractRoute(app, l.remove, async (request) => ({
    data: await removeLesson(deps, {
      ...write(request),
      lessonId: request.params.lessonId,
    }),
  }));

  contractRoute(app, l.reorder, async (request) => ({
    data: await reorderLessons(deps, {
      ...write(request),
      kind: request.body.kind,
      ids: request.body.ids,
    }),
  }));

  contractRoute(app, d.list, async (request) => ({
    data: await officeDocumentList(deps.db, request.params.id),
  }));

  contractRoute(app, d.create, async (request) => {
    const upload = await readUpload({
      request,
      storage: deps.storage,
      specs: {
        file: {
          maxBytes: COURSE_CONTENT_LIMITS.documentMaxMb * MB,
          sniff: sniffDocument,
          folder: 'documents',
          extension: (_type, name) => /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase() ?? 'bin',
          typeError: e.documentType,
          sizeError: sizeMessages.document(),
        },
      },
    });
    const file = upload.files.file;
    if (!file) throw badRequest(K.errors.validation, { file: [e.fileNeeded] });
    const given = (upload.fields.name ?? '').trim();
    const name = (given || file.fileName).slice(0, 200);
    return {
      data: await addCourseDocument(deps, {
        ...write(request),
        name,
        upload: file,
      }),
    };
  });

  contractRoute(app, d.rename, async (request) => ({
    data: await renameCourseDocument(deps, {
      ...write(request),
      documentId: request.params.documentId,
      name: request.body.name,
    }),
  }));

  contractRoute(app, d.remove, async (request) => ({
    data: await removeCourseDocument(deps, {
      ...write(request),
      documentId: request.params.documentId,
    }),
  }));

  contractRoute(app, d.reorder, async (request) => ({
    data: await reorderCourseDocuments(deps, {
      ...write(request),
      ids: request.body.ids,
    }),
  }));

  // The uploaded files, as a <video> or <img> element asks for them: streamed, with Range requests.
  for (const [endpoint, which] of [
    [m.video, 'video'],
    [m.thumbnail, 'thumbnail'],
  ] as const) {
    contractRoute(app, endpoint, async (request, reply) => {
      const media = await findLessonMedia(deps.db, request.params.id);
      const key = which === 'video' ? media?.videoKey : media?.thumbnailKey;
      const type = which === 'video' ? media?.videoType : media?.thumbnailType;
      if (!key || !type) throw notFound();
      const sent = await sendStoredFile({
        request,
        reply,
        storage: deps.storage,
        key,
        headers: {
          'Content-Type': type,
          'Cache-Control': 'public, max-age=300',
          'X-Content-Type-Options': 'nosniff',
        },
      });
      if (!sent) {
        request.log.warn({ lessonId: request.params.id, key }, 'lesson file missing from storage');
        throw notFound();
      }
      return reply;
    });
  }
}
