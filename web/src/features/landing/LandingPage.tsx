import { useCallback, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { useAuthModal } from "../../components/auth-modal";
import { useAuth } from "../../lib/auth";
import { ClosingCta } from "./components/ClosingCta";
import { Features } from "./components/Features";
import { Hero } from "./components/Hero";
import { LandingFooter } from "./components/LandingFooter";
import { LandingHeader } from "./components/LandingHeader";
import { Pricing } from "./components/Pricing";
import { Testimonials } from "./components/Testimonials";
import "./landing.css";

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The public landing page (routes / and /home): hero, features, pricing, testimonials, call to action. */
export default function LandingPage() {
  const { t } = useTranslation("landing");
  const navigate = useNavigate();
  const { session } = useAuth();
  const authModal = useAuthModal();
  const pricingRef = useRef<HTMLElement>(null);
  const signedIn = Boolean(session);

  const scrollToPricing = useCallback(() => {
    pricingRef.current?.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  }, []);
  const startOnboarding = useCallback(() => navigate("/onboarding"), [navigate]);

  // Signed-in users go straight to the app instead of seeing the modal (spec §2).
  const onSignIn = () => (signedIn ? navigate("/app") : authModal.open("signin"));
  const onGetStarted = () => (signedIn ? navigate("/app") : authModal.open("signup"));

  return (
    <div className="landing">
      <a className="landing__skip" href="#landing-main">
        {t("nav.skip")}
      </a>
      <LandingHeader signedIn={signedIn} onSignIn={onSignIn} onGetStarted={onGetStarted} />
      <main id="landing-main" className="landing__main" tabIndex={-1}>
        <Hero onStart={startOnboarding} onViewPricing={scrollToPricing} />
        <Features />
        <Pricing ref={pricingRef} onChooseFree={startOnboarding} />
        <Testimonials />
        <ClosingCta onStart={startOnboarding} onViewPlans={scrollToPricing} />
      </main>
      <LandingFooter />
    </div>
  );
}
