/** The renewal request as the member's calls answer it (contract renewals, decision 034). */
import { renewalSteps, renewedValidity, type RenewalView } from '@mels/domain';
import type { CertificateRow, CourseRow, RenewalRow } from './renewals.repository.ts';

export function presentRenewal(input: {
  row: RenewalRow;
  course: CourseRow;
  source: CertificateRow & { endDate: string };
  fee: number;
  paid: boolean;
  issued:
    | {
        id: number;
        certificateNumber: string;
        startDate: string;
        endDate: string | null;
        verificationCode: string;
      }
    | undefined;
  /** The signed view link of the issued certificate (for the frame). */
  link: string | null;
}): RenewalView {
  const { row, course, source } = input;
  const steps = renewalSteps(row.status);
  const period = course.certificationPeriod ?? 0;
  const validity = renewedValidity(source.endDate, period);
  return {
    id: row.id,
    certificate_type: 3,
    status: row.status,
    steps: { videos: steps.videos, post_test: steps.postTest, certificate: steps.certificate },
    course: { id: course.id, name: course.name, certification_period: period },
    source_certificate: {
      id: source.id,
      course_id: source.courseId,
      name: source.courseName,
      certificate_number: source.certificateNumber,
      start_date: source.startDate,
      end_date: source.endDate,
      verify_path: `/verify/${source.verificationCode}`,
    },
    renewed_validity: { start_date: validity.startDate, end_date: validity.endDate },
    fee: input.fee,
    free: input.fee === 0,
    paid: input.paid,
    certificate: input.issued
      ? {
          id: input.issued.id,
          certificate_number: input.issued.certificateNumber,
          start_date: input.issued.startDate,
          end_date: input.issued.endDate,
          link: input.link ?? '',
          verify_path: `/verify/${input.issued.verificationCode}`,
        }
      : null,
  };
}
