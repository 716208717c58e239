import { useArea } from '@/components/layouts/area-context';
import { AdminDashboard } from '@/features/admin-dashboard/components/admin-dashboard';
import { ClientDashboardCards, ConsultantDashboardCards } from '@/features/booking/components/dashboard-cards';
import { OnboardingCard } from '@/features/consultant-profile/components/onboarding-card';
import { Dashboard } from '@/features/dashboard/components/dashboard';

export function Component() {
  const { role } = useArea();
  return (
    <Dashboard role={role}>
      {role === 'consultant' && <OnboardingCard />}
      {role === 'consultant' && <ConsultantDashboardCards />}
      {role === 'client' && <ClientDashboardCards />}
      {role === 'admin' && <AdminDashboard />}
    </Dashboard>
  );
}
