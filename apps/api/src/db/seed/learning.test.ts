import fs from 'node:fs';
import path from 'node:path';
import { splitSurveyTitle } from '@mels/domain';
import { describe, expect, it } from 'vitest';
import { LESSON_FILES, POST_TEST, PRE_TEST, SURVEY } from './learning.ts';

const publicDir = path.resolve(import.meta.dirname, '../../../../web/public');

/** The Segment Info Duration of a WebM (EBML id 0x4489, a float in TimecodeScale units, 1 ms by default). */
function webmDurationSeconds(file: Buffer): number | null {
  for (let i = 0; i < Math.min(file.length - 12, 4096); i++) {
    if (file[i] !== 0x44 || file[i + 1] !== 0x89) continue;
    const size = (file[i + 2] ?? 0) & 0x7f;
    if (size === 4) return file.readFloatBE(i + 3) / 1000;
    if (size === 8) return file.readDoubleBE(i + 3) / 1000;
  }
  return null;
}

describe('demo lesson files', () => {
  it.each(LESSON_FILES.map((l) => [l.link, l] as const))(
    '%s is a small WebM of the seeded length',
    (_, lesson) => {
      const video = fs.readFileSync(path.join(publicDir, lesson.link));
      expect([...video.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // EBML
      expect(video.includes(Buffer.from('webm'))).toBe(true);
      expect(video.length).toBeLessThan(150 * 1024);
      expect(webmDurationSeconds(video)).toBeCloseTo(lesson.duration, 1);
      const thumb = fs.readFileSync(path.join(publicDir, lesson.thumbnail));
      expect([...thumb.subarray(0, 2)]).toEqual([0xff, 0xd8]); // JPEG
    },
  );
});

describe('demo tests and survey', () => {
  it('mix the input types and mark correct choices', () => {
    expect(new Set(PRE_TEST.map((q) => q.inputType))).toEqual(new Set([0, 1, 2]));
    expect(PRE_TEST.length).toBeGreaterThanOrEqual(4);
    expect(POST_TEST.length).toBeGreaterThanOrEqual(3);
    for (const q of [...PRE_TEST, ...POST_TEST].filter((x) => x.inputType !== 2)) {
      const correct = (q.metas ?? []).filter((x) => x.correct).length;
      if (q.inputType === 1) expect(correct).toBe(1);
      else expect(correct).toBeGreaterThanOrEqual(1);
    }
  });
  it('has options, an other option, free text, a unit question and the respondent group', () => {
    const kinds = new Set(SURVEY.map((q) => q.kind));
    expect(kinds).toEqual(new Set(['option', 'option_other', 'text', 'respondent']));
    expect(SURVEY.find((q) => q.kind === 'option_other')?.options?.at(-1)).toBe('その他');
    expect(SURVEY.map((q) => splitSurveyTitle(q.title).unit).filter(Boolean)).toEqual(['年']);
  });
});
