/** The notices' cache key, apart from their read, so a charge (on the kit's page too) can mark them without their code. */
export const noticesKey = ['notices'] as const;
