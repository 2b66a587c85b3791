import { Navigate, useParams } from 'react-router';
import { ConfirmStep } from './claim-confirm-step.tsx';
import { CodeStep } from '../../features/certificate-claim/claim-code-step.tsx';
import { ForgotStep } from '../../features/certificate-claim/claim-forgot-step.tsx';
import { isClaimType } from '../../features/certificate-claim/claim-shared.tsx';

/** /certificate/{courseId}/{type}: the step of データ移行 the type names; any other type is /404. */
export function ClaimStepPage() {
  const { type } = useParams();
  if (!isClaimType(type)) return <Navigate to="/404" replace />;
  switch (type) {
    case 'input-code':
      return <CodeStep kind="attendance" key="attendance" />;
    case 'certificate-no':
      return <CodeStep kind="certificate" key="certificate" />;
    case 'attendance-code':
      return <ConfirmStep />;
    case 'forgot-certificate-no':
      return <ForgotStep />;
  }
}
