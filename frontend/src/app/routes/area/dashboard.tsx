import { useArea } from '@/components/layouts/area-context';
import { Dashboard } from '@/features/dashboard/components/dashboard';

export function Component() {
  const { role } = useArea();
  return <Dashboard role={role} />;
}
