import { useArea } from '@/components/layouts/area-context';
import { AdminDashboard } from '@/features/admin-dashboard/components/admin-dashboard';
import { ClientDashboardCards, ConsultantDashboardCards } from '@/features/booking/components/dashboard-cards';
import { useUsageEvent } from '@/features/consent/api/send-usage-event';
import { OnboardingCard } from '@/features/consultant-profile/components/onboarding-card';
import { Dashboard } from '@/features/dashboard/components/dashboard';

export function Component() {
  const { role } = useArea();
  // Counted for clients and consultants who accepted audience measurement.
  useUsageEvent(role, 'dashboard');
  return (
    <Dashboard role={role}>
      {role === 'consultant' && <OnboardingCard />}
      {role === 'consultant' && <ConsultantDashboardCards />}
      {role === 'client' && <ClientDashboardCards />}
      {role === 'admin' && <AdminDashboard />}
    </Dashboard>
  );
}
