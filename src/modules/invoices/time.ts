/** Anexo 20: FechaTimbrado is written in the time of the centre zone (Mexico City). */
export const TIMBRE_TIME_ZONE = 'America/Mexico_City';
