import type { LegalSection } from './LegalSections';

export const PRIVACY_EMAIL = 'privacy@ridealong.example';

/** The Privacy Policy's sections, kept as data so the component stays small. */
export const privacySections: LegalSection[] = [
  {
    id: 'scope',
    title: 'Who we are and what this policy covers',
    blocks: [
      'RideAlong ("we", "us") operates an indoor cycling service available on the web, in the RideAlong desktop app for Mac and Windows, and in mobile views (the "Service"). This policy explains what personal information we collect, how we use and share it, and the choices and rights you have. RideAlong is the controller of your personal information.',
    ],
  },
  {
    id: 'collect',
    title: 'Information we collect',
    blocks: [
      {
        list: [
          'Account information: username or display name, first and last name, email address, password (stored only in hashed form) and, if you use social sign-in, the profile details the provider shares with us.',
          'Profile information: gender, age or date of birth, height, weight, photo, and channel title and description.',
          'Workout information: power, heart rate, cadence, speed, distance, duration, the videos you ride, leaderboard positions, challenges and events you join.',
          'Content you upload: videos, GPS and slope data, voiceovers, thumbnails and descriptions, including any location information embedded in your files.',
          'Payment information: your plan, billing status and period dates. Card details are collected and stored by our payment processor, not by us.',
          'Device and usage information: IP address, browser and operating system, desktop app version, connected trainer and sensor types, pages viewed, and crash and diagnostic logs, collected partly through cookies and similar technologies.',
        ],
      },
    ],
  },
  {
    id: 'use',
    title: 'How we use your information',
    blocks: [
      'We use personal information to provide and secure the Service; to create your account and sign you in; to run workouts, leaderboards, group events and challenges; to process payments and manage subscriptions; to process and publish the videos you upload; to send service emails (such as verification, password reset and, if you opt in, weekly fitness summaries); to measure and improve the Service; to show advertising on the Free plan; and to comply with the law.',
      'Where EEA law applies, our legal bases are: performing our contract with you, our legitimate interests in running and improving a safe Service, your consent (which you can withdraw at any time), and compliance with legal obligations.',
    ],
  },
  {
    id: 'public-profile',
    title: 'Information that is public',
    blocks: [
      'RideAlong is a community. Your profile data (name, gender, age, height and weight), your display name and photo, your channel, your public videos and your leaderboard results are visible to other members and may be visible to visitors.',
      'Your date of birth and your email address are never shown publicly and are not shared with other members or third parties without your consent, except as described in this policy for service providers and legal requirements.',
    ],
  },
  {
    id: 'sharing',
    title: 'How we share information',
    blocks: [
      {
        list: [
          'Service providers who host, store, process, email, analyse or bill on our behalf, under contracts that limit their use of the data.',
          'Advertising and analytics partners, as described below.',
          'Services you connect, such as Strava, when you ask us to share an activity.',
          'A buyer or successor: if RideAlong is involved in a merger, acquisition, financing, reorganisation, bankruptcy or sale of all or part of its assets, your information may be transferred as part of that business transfer, and the successor will be bound by this policy.',
          'Authorities and others when the law requires it, or to protect the rights, property and safety of our members, the public or RideAlong.',
        ],
      },
      'We do not sell your personal information for money.',
    ],
  },
  {
    id: 'ads-analytics',
    title: 'Third-party advertising and analytics',
    blocks: [
      'On the Free plan, third-party advertising partners may show ads and use cookies, device identifiers and similar technologies to measure them and, where permitted, to personalise them. We also use third-party analytics services to understand how the Service is used. These partners may collect information about your activity over time and across websites. You can limit this through your browser or device settings and industry opt-out tools; Core and Pro members ride ad-free.',
    ],
  },
  {
    id: 'social-sharing',
    title: 'Social sharing',
    blocks: [
      'If you connect a social sign-in provider or a fitness network, or use a sharing feature, information you choose to share (such as a completed ride, its route and your statistics) will be sent to that service and handled under its own privacy policy. You can disconnect these services at any time.',
    ],
  },
  {
    id: 'retention',
    title: 'How long we keep information',
    blocks: [
      'We keep your information for as long as your account is active and as needed to provide the Service. When you delete your account, we delete or anonymise your personal information within a reasonable period, except where we must keep it to meet legal, tax or accounting obligations, resolve disputes or enforce our agreements. Backup copies are overwritten on a regular cycle.',
    ],
  },
  {
    id: 'security',
    title: 'Security',
    blocks: [
      'We protect your information with technical and organisational measures such as encrypted connections, hashed passwords and restricted access. No method of transmission or storage is completely secure, so we cannot guarantee absolute security.',
    ],
  },
  {
    id: 'international',
    title: 'Processing in the United States',
    blocks: [
      'RideAlong is based in the United States, and your information is stored and processed in the United States, where data protection laws may differ from those of your country. Where we transfer personal information from the EEA, we rely on appropriate safeguards such as the European Commission\u2019s standard contractual clauses.',
    ],
  },
  {
    id: 'children',
    title: 'Children',
    blocks: [
      'The Service is intended for adults. We do not knowingly collect personal information from children under 13 in the United States, or under 16 in the European Economic Area. If you believe a child has given us personal information, contact us and we will delete it.',
    ],
  },
  {
    id: 'eea-rights',
    title: 'Your rights in the European Economic Area',
    blocks: [
      'If you are in the EEA (or the United Kingdom or Switzerland), you have the right to access your personal information, to correct it, to have it erased, to restrict or object to its processing, to receive it in a portable format, and to withdraw consent at any time without affecting earlier processing. You also have the right to lodge a complaint with your local data protection authority.',
    ],
  },
  {
    id: 'california-rights',
    title: 'Your California privacy rights',
    blocks: [
      'If you are a California resident, you have the right to know what personal information we collect, use and disclose, to request deletion of it, and not to be discriminated against for exercising these rights. Under California\u2019s "Shine the Light" law you may also ask which personal information, if any, we shared with third parties for their direct marketing in the previous year. We do not sell personal information.',
    ],
  },
  {
    id: 'choices',
    title: 'Your choices and how to exercise your rights',
    blocks: [
      'You can review and edit your profile, change your email preferences and disconnect linked services at any time in the Service. To exercise any of the rights above, or to delete your account, email us. We will verify your request and answer within the time the law requires.',
    ],
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    blocks: [
      'We may update this policy from time to time. We will post the new version here with its date and, for material changes, tell you in the Service or by email.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact us',
    blocks: [`Questions or requests about your privacy? Email ${PRIVACY_EMAIL}.`],
  },
];
