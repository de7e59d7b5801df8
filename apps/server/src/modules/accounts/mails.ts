import type { Mail } from '../../lib/mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function mail(to: string, subject: string, intro: string, link: string, outro: string): Mail {
  return {
    to,
    subject,
    text: `${intro}\n\n${link}\n\n${outro}\n\nRideAlong`,
    html: `<p>${escape(intro)}</p><p><a href="${escape(link)}">${escape(link)}</a></p><p>${escape(outro)}</p><p>RideAlong</p>`,
  };
}

export function verificationMail(to: string, name: string, link: string): Mail {
  return mail(
    to,
    'Verify your email for RideAlong',
    `Hi ${name}, welcome to RideAlong! Please confirm your email address by opening this link:`,
    link,
    'The link works once and expires in 7 days. If you did not sign up, ignore this mail.',
  );
}

export function passwordResetMail(to: string, link: string): Mail {
  return mail(
    to,
    'Reset your RideAlong password',
    'Someone asked to reset the password of your RideAlong account. To choose a new one, open:',
    link,
    'The link works once and expires in 1 hour. If it was not you, ignore this mail: your password stays as it is.',
  );
}
