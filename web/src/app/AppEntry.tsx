import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { useAuthModal } from "../components/auth-modal";
import { useAuth } from "../lib/auth";
import { OPENED_WITH_ACCESS_TOKEN } from "../lib/initial-url";
import { readLocal, STORAGE_KEYS, writeLocal } from "../lib/storage";
import { PageFallback } from "./RootLayout";
import { Splash } from "./splash/Splash";

const AppShell = lazy(() => import("./shell/AppShell"));

type Phase = "deciding" | "splash" | "main";

/**
 * /app start (spec §2): the splash shows only to a visitor who has not seen it and is not signed in;
 * an access token in the address skips it; an anonymous visitor who had already seen it gets the
 * sign-in modal when the app starts.
 */
export default function AppEntry() {
  const { loading, session } = useAuth();
  const modal = useAuthModal();
  const location = useLocation();
  const [phase, setPhase] = useState<Phase>("deciding");
  const seenBeforeRef = useRef(readLocal(STORAGE_KEYS.splashSeen) === "true");

  useEffect(() => {
    if (phase !== "deciding" || loading) return;
    const showSplash = !OPENED_WITH_ACCESS_TOKEN && !seenBeforeRef.current && !session;
    setPhase(showSplash ? "splash" : "main");
    // A page load straight onto /app (not a navigation from the landing or onboarding pages).
    const appStart = location.key === "default";
    if (!showSplash && !session && seenBeforeRef.current && appStart && !OPENED_WITH_ACCESS_TOKEN) modal.open("signin");
  }, [phase, loading, session, modal, location.key]);

  const onSplashDone = useCallback(() => {
    writeLocal(STORAGE_KEYS.splashSeen, "true");
    setPhase("main");
  }, []);

  // Fetch the shell while the splash runs so "main" paints at once.
  useEffect(() => {
    void import("./shell/AppShell");
  }, []);

  if (phase === "deciding") return <div className="splash splash--blank" aria-hidden="true" />;
  if (phase === "splash") return <Splash onComplete={onSplashDone} />;
  return (
    <Suspense fallback={<PageFallback />}>
      <AppShell />
    </Suspense>
  );
}
