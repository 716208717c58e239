import { AddCouponPage } from '@/features/coupons/components/add-coupon-page';

/** Admin `add-coupon` (ours: the spec names coupons but no admin route). */
export function Component() {
  return <AddCouponPage />;
}
