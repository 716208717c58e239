import { CouponListPage } from '@/features/coupons/components/coupon-list-page';

/** Admin `view-coupon` (ours). */
export function Component() {
  return <CouponListPage />;
}
