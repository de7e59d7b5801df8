import type { LegalSection } from './LegalSections';

/** Which copy of the terms: the public /terms page or the agreement members accept. */
export type TermsVariant = 'terms' | 'agreement';

/** The public terms name Connecticut; the member agreement names California and its courts. */
function governingLaw(variant: TermsVariant): LegalSection {
  const state = variant === 'terms' ? 'Connecticut' : 'California';
  const courts =
    variant === 'terms'
      ? 'the state and federal courts located in the State of Connecticut'
      : 'the state courts of the State of California and the federal courts of the Northern District of California';
  return {
    id: 'governing-law',
    title: 'Governing law and disputes',
    blocks: [
      `These Terms and any dispute arising out of or relating to them or to the Service are governed by the laws of the State of ${state}, without regard to its conflict-of-law rules.`,
      `You and RideAlong agree that any such dispute will be resolved exclusively in ${courts}, and you consent to the personal jurisdiction of those courts. Before filing a claim, please contact us so we can try to resolve the issue informally.`,
      'Nothing in this section removes any protection you have under the mandatory consumer laws of the country where you live.',
    ],
  };
}

/** The second half of the Terms of Service: third parties, liability, law and contact. */
export function termsLegalSections(variant: TermsVariant): LegalSection[] {
  return [
    {
      id: 'third-parties',
      title: 'Third-party services',
      blocks: [
        'The Service works with services we do not control, such as social sign-in providers, our card payment processor, and fitness networks such as Strava to which you may export activities. Your use of those services is governed by their own terms and privacy policies, and we are not responsible for them. Free plan pages and videos may show advertising from third parties.',
      ],
    },
    {
      id: 'intellectual-property',
      title: 'Our intellectual property and the desktop app',
      blocks: [
        'Apart from User Content, the Service and everything in it, including software, design, text, graphics, logos and the RideAlong name, belong to RideAlong or its licensors and are protected by law.',
        'We grant you a personal, revocable, non-exclusive, non-transferable licence to install the RideAlong desktop app on devices you own or control and to use it with the Service for your own non-commercial fitness purposes. The app may update itself, and older versions may stop working with the Service; you may then be asked to download a new version.',
      ],
    },
    {
      id: 'termination',
      title: 'Suspension and termination',
      blocks: [
        'You may stop using the Service and delete your account at any time. We may suspend or end your access if you break these Terms, if required by law, or if we stop offering the Service, with notice where reasonable. Sections that by their nature should survive termination (including your content licence for already-shared copies, disclaimers, limitation of liability, governing law and the time limit for claims) survive it.',
      ],
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      blocks: [
        'THE SERVICE IS PROVIDED "AS IS" AND "AS AVAILABLE", WITHOUT WARRANTIES OF ANY KIND, WHETHER EXPRESS OR IMPLIED, INCLUDING WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE, TITLE AND NON-INFRINGEMENT. WE DO NOT PROMISE THAT THE SERVICE WILL BE UNINTERRUPTED, ERROR-FREE OR COMPATIBLE WITH YOUR TRAINER, SENSORS OR COMPUTER, OR THAT WORKOUT DATA WILL BE ACCURATE.',
      ],
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      blocks: [
        'TO THE FULLEST EXTENT PERMITTED BY LAW, RIDEALONG AND ITS OFFICERS, EMPLOYEES, PARTNERS AND CONTENT CREATORS WILL NOT BE LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL, CONSEQUENTIAL, EXEMPLARY OR PUNITIVE DAMAGES, OR FOR ANY LOSS OF PROFITS, DATA OR GOODWILL, ARISING OUT OF OR RELATING TO THE SERVICE OR THESE TERMS.',
        'OUR TOTAL LIABILITY FOR ALL CLAIMS ARISING OUT OF OR RELATING TO THE SERVICE OR THESE TERMS IS LIMITED TO THE GREATER OF (A) THE AMOUNTS YOU PAID US FOR THE SERVICE IN THE 12 MONTHS BEFORE THE EVENT GIVING RISE TO THE CLAIM, OR (B) ONE HUNDRED US DOLLARS (USD 100).',
        'Some jurisdictions do not allow these exclusions or limits, so some of them may not apply to you.',
      ],
    },
    {
      id: 'indemnity',
      title: 'Indemnification',
      blocks: [
        'You agree to defend, indemnify and hold harmless RideAlong from any claims, losses and expenses (including reasonable legal fees) arising from your User Content, your breach of these Terms, or your misuse of the Service.',
      ],
    },
    governingLaw(variant),
    {
      id: 'time-limit',
      title: 'Time limit for claims',
      blocks: [
        'Any claim or cause of action arising out of or relating to the Service or these Terms must be brought within one (1) year after it arises; otherwise it is permanently barred, to the extent the law allows.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to these Terms',
      blocks: [
        'We may update these Terms from time to time. When we make material changes we will tell you in the Service or by email, and we may ask you to accept the new Terms before you continue. The date at the top shows when they last changed. Continuing to use the Service after changes take effect means you accept them.',
      ],
    },
    {
      id: 'general',
      title: 'General',
      blocks: [
        'These Terms, together with the Privacy Policy, are the entire agreement between you and RideAlong about the Service. If any provision is found unenforceable, the rest remains in effect. Our failure to enforce a provision is not a waiver. You may not assign these Terms without our consent; we may assign them in connection with a merger, acquisition or sale of assets.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact us',
      blocks: [
        'Questions about these Terms? Email legal@ridealong.example, or support@ridealong.example for help with your account or subscription.',
      ],
    },
  ];
}
