import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router-dom";
import { AuthModalProvider, useAuthModal } from "../components/auth-modal";
import { Spinner } from "../components/ui/Spinner";
import { LazyToaster } from "../components/ui/LazyToaster";
import { useAuth } from "../lib/auth";
import { OPENED_WITH_AUTH_ERROR } from "../lib/initial-url";
import { toast } from "../lib/toast";
import { ErrorBoundary } from "./ErrorBoundary";

let authErrorHandled = false;

/** An expired one-time code in the address lets the user sign in again; other errors are only logged (spec §8). */
function AddressAuthError() {
  const { t } = useTranslation("common");
  const modal = useAuthModal();
  // After the auth client has read the address (it loads first when the address has an auth error).
  const { loading } = useAuth();
  useEffect(() => {
    if (!OPENED_WITH_AUTH_ERROR || authErrorHandled || loading) return;
    authErrorHandled = true;
    if (OPENED_WITH_AUTH_ERROR.code === "otp_expired") {
      toast({ title: t("toast.linkExpiredTitle"), description: t("toast.linkExpiredBody"), variant: "destructive" });
      modal.open("signin");
    } else {
      console.warn("Auth error in the address", OPENED_WITH_AUTH_ERROR);
    }
    // Clean the address so a reload does not repeat it.
    const url = new URL(window.location.href);
    url.hash = "";
    for (const key of ["error", "error_code", "error_description"]) url.searchParams.delete(key);
    window.history.replaceState(window.history.state, "", url.toString());
  }, [modal, t, loading]);
  return null;
}

export function PageFallback() {
  const { t } = useTranslation("common");
  return (
    <div className="page-state">
      <Spinner label={t("app.loading")} />
    </div>
  );
}

/** Every route renders inside: the auth modal, toasts (the Toaster loads with the first one), the crash boundary and lazy-page loading. */
export function RootLayout() {
  return (
    <AuthModalProvider>
      <ErrorBoundary>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <AddressAuthError />
      <LazyToaster />
    </AuthModalProvider>
  );
}
