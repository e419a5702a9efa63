module pokerlab

go 1.26
