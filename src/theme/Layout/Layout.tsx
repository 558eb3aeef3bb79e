import type { ReactNode } from "react";
import AnnouncementBar from "../AnnouncementBar/AnnouncementBar";
import Footer from "../Footer/Footer";
import MobileMenu from "../MobileMenu/MobileMenu";
import MobileMenuProvider from "../MobileMenu/MobileMenuProvider";
import Navbar from "../Navbar/Navbar";
import SkipToContent, { MAIN_CONTENT_ID } from "../SkipToContent/SkipToContent";
import "../styles/global.css";
import "./Layout.css";

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <MobileMenuProvider>
      <SkipToContent />
      <AnnouncementBar />
      <Navbar />
      <MobileMenu />
      <main id={MAIN_CONTENT_ID} className="layout__main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </MobileMenuProvider>
  );
}
