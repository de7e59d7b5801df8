import { PRICES_USD, TERMS_MINIMUM_AGE } from '@ridealong/contracts';
import type { LegalSection } from './LegalSections';

/** The first half of the Terms of Service: the service, accounts, plans, safety and content. */
export const termsServiceSections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these Terms',
    blocks: [
      'These Terms of Service ("Terms") form a binding agreement between you and RideAlong ("RideAlong", "we", "us" or "our") and govern your access to and use of the RideAlong website, the RideAlong desktop app for Mac and Windows, our mobile views, and every related feature, video, event, challenge and service we offer (together, the "Service").',
      'By creating an account, clicking "I Agree", or otherwise using the Service, you confirm that you have read, understood and accept these Terms and our Privacy Policy. If you do not agree, do not use the Service.',
    ],
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    blocks: [
      `You must be at least ${TERMS_MINIMUM_AGE} years old to create an account or use the Service. By using the Service you represent that you are ${TERMS_MINIMUM_AGE} or older and that you have the legal capacity to enter into these Terms.`,
      'You may not use the Service if you have previously been banned from it, or if using it would violate any law that applies to you.',
    ],
  },
  {
    id: 'private-beta',
    title: 'Private beta',
    blocks: [
      'RideAlong is currently offered as a private beta. Features may be incomplete, may change or may be withdrawn without notice, and the Service may be interrupted while we improve it. We welcome your feedback; by sending it you allow us to use it without any obligation to you.',
      'Because the Service is in beta, data you create (such as workout history or uploaded videos) may occasionally be lost or reset. Keep your own copies of anything that matters to you.',
    ],
  },
  {
    id: 'accounts',
    title: 'Your account',
    blocks: [
      'You may sign up with an email address and password or through a supported social sign-in provider. You agree to give accurate information, to keep it up to date, and to keep your password confidential.',
      'You are responsible for everything that happens under your account. Tell us immediately at support@ridealong.example if you suspect unauthorised use. One person may hold only one account, and accounts may not be sold or transferred.',
    ],
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions, billing and cancellation',
    blocks: [
      'The Service is offered on the following plans:',
      {
        list: [
          'Free: ad-supported access to live workouts, challenges, fitness tracking, activity export, video uploads and your own channel.',
          `Core: everything in Free without advertising, plus standard-definition community videos, for USD ${PRICES_USD.core.monthly} per month billed monthly or USD ${PRICES_USD.core.yearlyPerMonth} per month billed annually in advance.`,
          `Pro (coming soon): everything in Core plus high-definition and exclusive content, for USD ${PRICES_USD.pro.monthly} per month billed monthly or USD ${PRICES_USD.pro.yearlyPerMonth} per month billed annually in advance.`,
        ],
      },
      'Paid plans renew automatically at the end of each billing period until cancelled. By subscribing you authorise us and our payment processor to charge your payment method at the start of each period. Prices exclude taxes, which are added where required.',
      'You may cancel at any time from your profile through the billing portal. Cancellation takes effect at the end of the current billing period; you keep paid features until then and your account then returns to the Free plan. Except where the law requires otherwise, payments are non-refundable and we do not give credits for partial periods.',
      'If we offer a free trial, your account returns to the Free plan when the trial ends unless you subscribe. If a payment fails, we may suspend paid features until the payment method is updated. We will give you at least 30 days\u2019 notice of any price change, which applies from your next renewal.',
      'Promotional and complimentary access codes are personal, have no cash value, may expire, and may be limited in number.',
    ],
  },
  {
    id: 'safety',
    title: 'Health and safety',
    blocks: [
      'Indoor cycling is strenuous exercise. Consult a physician before starting any exercise programme, especially if you have a heart condition, high blood pressure, are pregnant, or have any other medical condition. Stop immediately and seek medical help if you feel pain, dizziness, faintness or shortness of breath.',
      'Smart trainers change resistance automatically to match the slope of the video you are riding, which can make pedalling suddenly harder. Set up your bicycle and trainer following the manufacturer\u2019s instructions, check that they are secure before every ride, keep children and pets away from moving parts, ride in a well-ventilated space and stay hydrated.',
      'Videos, power figures, leaderboards and other data are provided for motivation and entertainment only and are not medical advice. You use the Service and any equipment at your own risk.',
    ],
  },
  {
    id: 'user-content',
    title: 'Your content',
    blocks: [
      'The Service lets you upload videos, GPS and slope data, voiceovers, channel descriptions, images and other material ("User Content"). You keep ownership of your User Content.',
      'By uploading User Content you grant RideAlong a worldwide, non-exclusive, royalty-free, transferable and sublicensable licence to host, store, copy, transcode, compress, adapt (for example by adding slope data or thumbnails), publish, display, stream and distribute it in connection with operating, improving and promoting the Service. This licence ends when you delete the content, except for copies other members have already saved in their activity history, backups kept for a limited time, and content we must keep by law.',
      'You promise that you own or have all rights needed to grant this licence, that everyone identifiable in your videos has agreed to appear in them, and that your User Content obeys the law and these Terms. We may review, refuse, edit or remove User Content at our discretion, but we are not obliged to monitor it.',
    ],
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    blocks: [
      'You agree not to:',
      {
        list: [
          'upload content that is unlawful, infringing, defamatory, hateful, harassing, sexually explicit or violent, or that invades anyone\u2019s privacy;',
          'record or upload footage filmed in a way that broke traffic laws or put you or others at risk;',
          'impersonate anyone, or misrepresent your identity, age or affiliation;',
          'manipulate leaderboards, challenges or workout data, or use simulated or altered power data to gain an advantage in competitive features;',
          'copy, download, resell or redistribute videos of others except through features we provide;',
          'probe, scan or test the Service\u2019s security, interfere with its operation, or access it with bots, scrapers or other automated means;',
          'reverse-engineer the desktop app except as the law expressly permits.',
        ],
      },
      'We may suspend or terminate accounts that break these rules.',
    ],
  },
];
