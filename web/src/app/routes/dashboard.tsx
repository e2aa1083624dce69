import { YourBooks } from '@/features/books/components/your-books';
import { DashboardPage } from '@/features/dashboard/routes/dashboard-page';

/** The dashboard shows the books feature's list of the user's books. */
export default function DashboardRoute() {
  return <DashboardPage yourBooks={(user) => <YourBooks role={user.role} />} />;
}
