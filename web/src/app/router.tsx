import { lazy, type ComponentType } from "react";
import { createBrowserRouter, Navigate, useLocation } from "react-router-dom";
import LandingPage from "../features/landing/LandingPage";
import { loadAdminStrings } from "../i18n";
import { OPENED_WITH_ACCESS_TOKEN } from "../lib/initial-url";
import { NotFoundPage } from "./NotFoundPage";
import { RootLayout } from "./RootLayout";

/**
 * A lazy page that uses server queries: react-query and the shared query client load with it (in
 * parallel), so the routes that do not use queries (landing, onboarding, legal) never fetch them.
 */
function withQueries(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [{ QueryProvider }, { default: Page }] = await Promise.all([import("./QueryProvider"), load()]);
    return {
      default: function WithQueries() {
        return (
          <QueryProvider>
            <Page />
          </QueryProvider>
        );
      },
    };
  });
}

// The landing page comes with the entry (a lazy chunk is only requested once the entry has run: a second
// round trip before the largest paint); the other pages load on demand, the app shell and chat with /app.
const OnboardingPage = lazy(() => import("../features/onboarding/OnboardingPage"));
const AppEntry = withQueries(() => import("./AppEntry"));
const LegalPage = lazy(() => import("../features/legal"));
const AdminPage = withQueries(() => loadAdminStrings().then(() => import("../features/admin/AdminPage")));

/** `/` is the landing page, and the e-mail confirmation target: a link with a token goes on to /app. */
function LandingRoute() {
  const location = useLocation();
  const tokenInAddress = /[#&?]access_token=/.test(`${location.search}${location.hash}`);
  if (tokenInAddress || (OPENED_WITH_ACCESS_TOKEN && location.key === "default")) {
    return <Navigate to={{ pathname: "/app", search: location.search, hash: location.hash }} replace />;
  }
  return <LandingPage />;
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: "/", element: <LandingRoute /> },
      { path: "/home", element: <LandingPage /> },
      { path: "/onboarding", element: <OnboardingPage /> },
      { path: "/app", element: <AppEntry /> },
      { path: "/legal", element: <LegalPage /> },
      { path: "/admin", element: <AdminPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
