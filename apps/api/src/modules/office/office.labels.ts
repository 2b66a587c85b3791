import { cancelStateOf, ja, type OfficeLabelKey, officeStatusLabel, type StepStatus } from '@mels/domain';

/** The Japanese word of a label key: the steps before applying, else the status words (badges). */
function japanese(key: OfficeLabelKey): string {
  const before = ja.activity.statuses as Record<string, string>;
  return before[key] ?? (ja.badges as Record<string, string>)[key] ?? key;
}

export type LabelFacts = {
  selection: string | null;
  status: number;
  userTypeId: number;
  approved: boolean;
  cancelStatus: number | null;
  wonElsewhere: boolean;
};

/** The office's Japanese label of an enrolment (officeStatusLabel of packages/domain). */
export function officeLabel(f: LabelFacts) {
  const key = officeStatusLabel({
    selection: f.selection === 'lottery' ? 'lottery' : 'first_come',
    status: f.status as StepStatus,
    userTypeId: f.userTypeId,
    paymentMethodIds: [],
    hasAssistantApproval: f.approved,
    wonOtherSessionSameCourse: f.wonElsewhere,
    sessionActive: true,
    cancel: cancelStateOf(f.cancelStatus === null ? null : Number(f.cancelStatus)),
  });
  return { key, label: japanese(key) };
}
