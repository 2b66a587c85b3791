import { idParamSchema } from '../schemas/common.ts';
import {
  assignLocalHoldingSchema,
  changeStaffSchema,
  grantStaffSchema,
  hostCheckInSchema,
  hostHoldingSchema,
  hostRosterSchema,
  hostSessionSchema,
  localHoldingsQuerySchema,
  officeLocalHoldingSchema,
  officeStaffListSchema,
  officeStaffMemberSchema,
  rejectLocalHoldingSchema,
  removedStaffSchema,
  sessionHoldingSchema,
} from '../schemas/people.ts';
import { pageQuerySchema } from '../schemas/common.ts';
import { defineArea } from './define.ts';
import { office } from './office.ts';

export const officeLocalHoldings = defineArea('officeLocalHoldings', {
  list: { query: localHoldingsQuerySchema, data: officeLocalHoldingSchema },
  approve: { params: idParamSchema, data: officeLocalHoldingSchema },
  reject: { params: idParamSchema, body: rejectLocalHoldingSchema, data: officeLocalHoldingSchema },
  assignSession: { params: idParamSchema, body: assignLocalHoldingSchema, data: sessionHoldingSchema },
});

export const officeStaff = defineArea('officeStaff', {
  list: { data: officeStaffListSchema },
  grant: { body: grantStaffSchema, data: officeStaffMemberSchema },
  change: { params: idParamSchema, body: changeStaffSchema, data: officeStaffMemberSchema },
  remove: { params: idParamSchema, data: removedStaffSchema },
});

export const host = defineArea('host', {
  holding: { data: hostHoldingSchema },
  trainings: { query: pageQuerySchema, data: hostSessionSchema },
  roster: { params: idParamSchema, data: hostRosterSchema },
  checkIn: { params: idParamSchema, body: hostCheckInSchema, data: office.checkIn.data },
});
