-- AlterTable
ALTER TABLE "ImportJob" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0;
