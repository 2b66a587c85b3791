/** The products module's public functions, for the other modules (issue 14: through the index only). */
export { productEligibility, type Eligibility } from './product-eligibility.ts';
export {
  heldOrderOf,
  holdOrderProducts,
  ProductHoldError,
  type HoldRefusal,
} from './product-holds.repository.ts';
