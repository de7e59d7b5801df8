export { VoiceoverTab, type VoiceoverTabProps } from './components/VoiceoverTab';
export { VideoAudio, type VideoAudioProps } from './components/VideoAudio';
